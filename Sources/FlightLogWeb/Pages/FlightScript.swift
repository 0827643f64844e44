/// The flight page's only script, served by the app itself at ``path`` (the CSP allows scripts from this site
/// only, none inline): touching, hovering or (with the barogram focused) the arrow keys put a cursor on the
/// barogram, a marker at that fix on the map and the fix's local time, altitudes, vario and ground speed above the
/// barogram. It reads the ``TrackCursor`` JSON block of the page; without JavaScript the page reads as before.
package enum FlightScript {
    /// Its address; the version in the query changes with the script, so browsers may keep it for a year.
    package static let path = "/static/flight.js?v=" + version

    /// The response for `GET /static/flight.js` (any query).
    package static var response: WebResponse {
        WebResponse(
            contentType: "text/javascript; charset=utf-8",
            headers: [("Cache-Control", "public, max-age=31536000, immutable")], body: Array(source.utf8))
    }

    /// FNV-1a of the source, 8 hex digits.
    static let version: String = {
        var hash: UInt32 = 2_166_136_261
        for byte in source.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }()

    static let source = #"""
        // flightlog: the barogram and the map together (the page works without this script).
        (() => {
          'use strict';
          const block = document.getElementById('cursor-data');
          const chart = document.getElementById('barogram');
          const plot = chart && chart.querySelector('svg.plot');
          if (!block || !plot) return;
          const d = JSON.parse(block.textContent);
          const n = d.fx.length;
          if (!n) return;
          const line = document.createElementNS('http://www.w3.org/2000/svg', 'path');
          line.setAttribute('class', 'cursor-line');
          line.setAttribute('vector-effect', 'non-scaling-stroke');
          plot.appendChild(line);
          const box = document.querySelector('#map .mapbox');
          const marker = document.createElement('i');
          marker.className = 'dot cursor';
          marker.hidden = true;
          if (box) box.appendChild(marker);
          const readout = document.createElement('p');
          readout.className = 'readout';
          readout.id = 'cursor-readout';
          readout.setAttribute('aria-live', 'polite');
          readout.textContent = 'Touch or hover the barogram (or focus it and use the arrow keys): the time, '
            + 'altitudes, vario and speed, and the place on the map.';
          chart.insertBefore(readout, chart.firstChild);
          plot.setAttribute('tabindex', '0');
          plot.setAttribute('aria-describedby', 'cursor-readout');

          const two = (v) => String(v).padStart(2, '0');
          const clock = (s) => two(Math.floor(s / 3600)) + ':' + two(Math.floor(s / 60) % 60) + ':' + two(s % 60);
          const value = (v, unit, places) => v === null ? '—'
            : (places && v > 0 ? '+' : '') + v.toFixed(places || 0) + ' ' + unit;
          let index = -1;
          function show(i) {
            index = Math.max(0, Math.min(n - 1, i));
            line.setAttribute('d', 'M' + d.fx[index] * 1000 + ' 0V1000');
            const known = d.x[index] !== null && d.y[index] !== null;
            marker.hidden = !known;
            if (known) {
              marker.style.left = d.x[index] + '%';
              marker.style.top = d.y[index] + '%';
            }
            const time = document.createElement('b');
            time.textContent = clock(d.t[index]) + ' local';
            readout.replaceChildren(time, ' · pressure alt. ' + value(d.p[index], 'm') + ' · GNSS '
              + value(d.g[index], 'm') + ' · vario ' + value(d.v[index], 'm/s', 1) + ' · '
              + value(d.s[index], 'km/h') + (known ? '' : ' · no position'));
          }
          function at(clientX) {
            const r = plot.getBoundingClientRect();
            const f = (clientX - r.left) / r.width;
            let lo = 0, hi = n - 1;
            while (lo < hi) {
              const mid = (lo + hi) >> 1;
              if (d.fx[mid] < f) lo = mid + 1; else hi = mid;
            }
            if (lo > 0 && f - d.fx[lo - 1] <= d.fx[lo] - f) lo -= 1;
            show(lo);
          }
          plot.addEventListener('pointermove', (e) => at(e.clientX));
          plot.addEventListener('pointerdown', (e) => at(e.clientX));
          plot.addEventListener('keydown', (e) => {
            const step = e.shiftKey ? 10 : 1;
            const keys = {ArrowLeft: index - step, ArrowRight: index + step, Home: 0, End: n - 1};
            if (!(e.key in keys)) return;
            e.preventDefault();
            show(index < 0 && e.key.startsWith('Arrow') ? 0 : keys[e.key]);
          });
        })();
        """#
}
