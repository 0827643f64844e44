import FlightLogCore

/// Text made safe for HTML element content and attribute values.
package func esc(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text.unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.unicodeScalars.append(c)
        }
    }
    return out
}

/// Percent-encodes a query value (everything but unreserved characters).
package func urlEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "~"):
            out.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            let digits = Array("0123456789ABCDEF")
            out += "%\(digits[Int(byte >> 4)])\(digits[Int(byte & 15)])"
        }
    }
    return out
}

/// What every page's header shows of the request (set per request by the web app; here, apart from the logbook
/// types, so that the request-handling fuzz target builds these pages without them).
package enum PageChrome {
    /// Who is logged in (the club login, or the glider's owner) with the session's CSRF token for the log-out form.
    @TaskLocal package static var account: (login: String, csrfToken: String)?
    /// This request's page: the header's "Log in" link comes back to it.
    @TaskLocal package static var target = "/"
    /// Whether the navigation links the task page (a glider's `flightlog serve`, not the club's).
    @TaskLocal package static var taskPage = false
}

/// The frame of every page: title, top navigation, inline stylesheet. No inline script, nothing from elsewhere.
package func page(title: String, current: String, loggedIn: Bool = false, body: String) -> String {
    func nav(_ path: String, _ label: String) -> String {
        "<a href=\"\(path)\"\(current == path ? " aria-current=\"page\"" : "")>\(label)</a>"
    }
    // Who is logged in (``PageChrome``): their name and a log-out button.
    let logIn = nav(LoginTarget.loginPath(next: PageChrome.target), "Log in")
    let accountBadge = PageChrome.account.map { login, token in
        "<form class=\"logout\" method=\"post\" action=\"/logout\"><input type=\"hidden\" name=\"csrf\" value=\"\(token)\">"
            + "<button type=\"submit\" class=\"link\" title=\"Log out\">\(esc(login)) · Log out</button></form>"
    }
    return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(esc(title)) · flightlog</title>
        <style>\(stylesheet)\(ChartHTML.stylesheet)\(ChartHTML.mapLayerStylesheet)\(ChartHTML.taskStylesheet)\
        \(AnalysisBlock.stylesheet)\(TaskSection.stylesheet)\
        \(StatusPage.stylesheet)</style>
        </head><body>
        <header class="top"><a class="brand" href="/">flightlog</a><nav>\(nav("/", "Flights"))\(nav("/stats", "Stats"))\
        \(PageChrome.taskPage ? nav("/task", "Task") : "")\(nav("/status", "Status"))\
        \(accountBadge == nil && !loggedIn ? logIn : "")</nav>\(accountBadge ?? "")</header>
        <main>
        \(body)
        </main>
        </body></html>
        """
}

/// One stylesheet for all pages: system fonts, high contrast (also in sunlight), 44 px touch targets.
let stylesheet = """
    :root{--fg:#111;--muted:#4a4a4a;--bg:#fff;--card:#f3f4f6;--line:#c9ccd1;--accent:#0b4fa8;--accent-fg:#fff;\
    --warn:#8a1c00;--ok:#0b6b2b}
    @media (prefers-color-scheme:dark){:root{--fg:#f5f5f5;--muted:#c8c8c8;--bg:#0d0d0d;--card:#1c1d20;--line:#3a3d42;\
    --accent:#7fb2ff;--accent-fg:#000;--warn:#ff9b80;--ok:#7ddc9a}}
    *{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%}
    body{margin:0;font:17px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--fg);\
    background:var(--bg)}
    .top{display:flex;align-items:center;gap:.5rem;padding:0 .75rem;border-bottom:2px solid var(--line);\
    position:sticky;top:0;background:var(--bg);z-index:1}
    .brand{font-weight:800;font-size:1.15rem;text-decoration:none;color:var(--fg);margin-right:auto;padding:.6rem 0}
    nav{display:flex;gap:.25rem}
    nav a{display:inline-flex;align-items:center;min-height:44px;padding:0 .7rem;border-radius:8px;text-decoration:none;\
    color:var(--accent);font-weight:600}
    nav a[aria-current]{background:var(--card);color:var(--fg)}
    form.logout{display:inline-flex;margin:0}button.link{background:transparent;color:var(--accent);padding:0 .7rem;\
    font-weight:600;white-space:nowrap}
    @media (max-width:430px){.top{padding:0 .4rem;flex-wrap:wrap}nav{gap:0}nav a{padding:0 .4rem;font-size:.95rem}\
    .brand{font-size:1.05rem}form.logout{flex-basis:100%;justify-content:flex-end}\
    form.logout button{padding:0 .4rem;font-size:.95rem}}
    @media (max-width:359px){.top{flex-wrap:wrap;column-gap:0}.brand{padding:.3rem 0 0}nav a{padding:0 .3rem;font-size:.88rem}}
    main{max-width:60rem;margin:0 auto;padding:.75rem .75rem 3rem}
    @media (max-width:359px){main{padding-left:.5rem;padding-right:.5rem}}
    h1{font-size:1.45rem;margin:.5rem 0 .25rem;line-height:1.2}
    h2{font-size:1.1rem;margin:1.5rem 0 .5rem;border-bottom:1px solid var(--line);padding-bottom:.25rem}
    .muted{color:var(--muted)}
    a{color:var(--accent)}
    .totals{margin:.4rem 0 .5rem;display:flex;flex-wrap:wrap;justify-content:space-between;gap:0 1rem}
    .totals a{font-weight:600}
    .cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(6.5rem,1fr));gap:.5rem;margin:.5rem 0 1rem;padding:0;\
    list-style:none}
    .cards li{background:var(--card);border-radius:10px;padding:.45rem .8rem}
    .cards b{font-size:1.2rem;display:block;font-variant-numeric:tabular-nums}
    .badge{display:inline-block;font-size:.8rem;font-weight:700;letter-spacing:.02em;text-transform:uppercase;\
    padding:0 .4rem;border-radius:5px;border:1.5px solid currentColor;vertical-align:.1em;white-space:nowrap}
    .badge.out{color:var(--warn)}
    .badge.ok{color:var(--ok)}
    .badge.manual{color:var(--muted)}
    .places{margin:.1rem 0;font-weight:600}
    ul.recency{list-style:none;padding:0;margin:.5rem 0}
    ul.recency li{padding:.4rem 0;border-bottom:1px solid var(--line)}
    .scroll{overflow-x:auto}
    table.stats{border-collapse:collapse;width:100%;font-size:.8rem;font-variant-numeric:tabular-nums}
    table.stats th,table.stats td{padding:.3rem .15rem;border-bottom:1px solid var(--line);text-align:right}
    table.stats th:first-child,table.stats td:first-child{text-align:left}
    .flights{list-style:none;margin:0;padding:0;border-top:1px solid var(--line)}
    .flights li{border-bottom:1px solid var(--line)}
    .flights a{display:grid;grid-template-columns:1fr auto;gap:.1rem .75rem;padding:.65rem .25rem;min-height:56px;\
    text-decoration:none;color:var(--fg)}
    .flights .when{font-weight:700}
    .flights .dur{font-weight:700;text-align:right;font-variant-numeric:tabular-nums}
    .flights .what{color:var(--muted);font-size:.95rem;grid-column:1/-1}
    .flights .where{font-size:.95rem;grid-column:1/-1}
    .flights-table{display:none}
    .flights-table table{border-collapse:collapse;width:100%;font-size:.9rem;line-height:1.3}
    .flights-table th,.flights-table td{text-align:left;padding:.25rem .35rem;border-bottom:1px solid var(--line);\
    vertical-align:top}
    .flights-table th{color:var(--muted);white-space:nowrap}
    .flights-table td{white-space:nowrap;max-width:10rem;overflow:hidden;text-overflow:ellipsis}
    .flights-table td:first-child{font-weight:700}
    .flights-table td.where{max-width:17rem}
    .flights-table .num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
    .flights-table tbody tr:hover{background:var(--card)}
    @media (min-width:\(FlightTable.minWidth)px){ul.flights{display:none}.flights-table{display:block;overflow-x:auto}\
    main:has(.flights-table),main:has(.charts){max-width:84rem}\
    .charts{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:0 1.5rem;align-items:start}}
    .filterbar{position:relative;margin:.4rem 0}
    details.filters{background:var(--card);border-radius:10px;padding:0 .75rem}
    details.filters summary{min-height:44px;display:flex;align-items:center;font-weight:700;cursor:pointer;\
    padding-right:2.5rem}
    details.filters summary span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
    .filterbar .clear{position:absolute;right:0;top:0;width:44px;height:44px;display:flex;align-items:center;\
    justify-content:center;font-size:1.5rem;font-weight:700;text-decoration:none;border-radius:10px}
    form.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.6rem .9rem;padding:.25rem 0 .75rem}
    label{display:flex;flex-direction:column;font-weight:600;font-size:.95rem;gap:.2rem}
    input,select,textarea{font:inherit;min-height:44px;padding:.4rem .6rem;border:2px solid var(--line);border-radius:8px;\
    background:var(--bg);color:var(--fg);width:100%}
    textarea{min-height:6rem}
    input:focus,select:focus,textarea:focus,a:focus,button:focus{outline:3px solid var(--accent);outline-offset:2px}
    .button,button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 1.1rem;\
    border-radius:8px;border:2px solid var(--accent);background:var(--accent);color:var(--accent-fg);font:inherit;\
    font-weight:700;text-decoration:none;cursor:pointer}
    .button.secondary,button.secondary{background:transparent;color:var(--accent)}
    .actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;grid-column:1/-1}
    .pager{display:flex;justify-content:space-between;align-items:center;gap:.5rem;margin:1rem 0}
    dl.facts{display:grid;grid-template-columns:minmax(7.5rem,auto) 1fr;gap:.35rem .9rem;margin:.5rem 0}
    dl.facts dt{color:var(--muted);font-weight:600}
    dl.facts dd{margin:0;min-width:0;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}
    .downloads{display:grid;grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr));gap:.5rem}
    figure{margin:.75rem 0}
    figcaption{color:var(--muted);font-size:.9rem;margin-top:.25rem}
    .empty{background:var(--card);border-radius:10px;padding:1rem}
    .empty code,code{background:var(--card);padding:.1rem .3rem;border-radius:4px;font-size:.95em}
    .notice{border-left:5px solid var(--ok);background:var(--card);padding:.6rem .8rem;border-radius:6px;margin:.5rem 0}
    .error{border-left:5px solid var(--warn);background:var(--card);padding:.6rem .8rem;border-radius:6px;margin:.5rem 0;\
    color:var(--warn);font-weight:600}
    table.history{border-collapse:collapse;width:100%;font-size:.95rem}
    table.history td,table.history th{border-bottom:1px solid var(--line);padding:.35rem .3rem;text-align:left;\
    vertical-align:top}
    """
