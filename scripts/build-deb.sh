#!/usr/bin/env bash
# Builds flightlog_<version>-<revision>_<arch>.deb (make deb) from the release build, with plain dpkg-deb:
# the stripped executables, the systemd units and udev rules (every systemd/*.service, *.socket, *.timer, *.path
# and *.rules), sysusers, tmpfiles, the airfield data set, the example config as the conffile
# /etc/flightlog/flightlog.toml, man pages flightlog(1), flightlogd(8), flightlog.toml(5) and bash/zsh/fish
# completions. The version is what the built `flightlog --version` prints; packaging/debian/changelog adds the
# Debian revision and must name the same version.
# Usage: scripts/build-deb.sh [OUTPUT_DIR]   (default: the repository root). Run `make` first (make deb does).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
SWIFT=${SWIFT:-swift}
BUILD_FLAGS=${BUILD_FLAGS:--c release --static-swift-stdlib}
MAKE=${MAKE:-make}
out=$(realpath "${1:-$root}")
pkg=packaging/debian

die() { echo "build-deb: $*" >&2; exit 1; }
for tool in dpkg-deb dpkg-shlibdeps strip gzip; do
    command -v "$tool" >/dev/null || die "$tool is missing: install dpkg-dev and binutils (scripts/install-deps.sh)"
done

# shellcheck disable=SC2086  # BUILD_FLAGS is a list of flags
bin=$($SWIFT build $BUILD_FLAGS --show-bin-path)
[ -x "$bin/flightlog" ] && [ -x "$bin/flightlogd" ] || die "no release build in $bin: run 'make' first"
version=$("$bin/flightlog" --version)
arch=$(dpkg --print-architecture)
# The first changelog line: "flightlog (0.1.0-1) unstable; urgency=medium".
debversion=$(sed -n '1s/^flightlog (\([^)]*\)).*/\1/p' "$pkg/changelog")
[ "${debversion%-*}" = "$version" ] ||
    die "$pkg/changelog is at ${debversion:-?}, flightlog --version says $version: add a changelog entry"
# The changelog's date makes the build reproducible: file times, the man pages' date.
changed=$(sed -n 's/^ -- .*>  //p' "$pkg/changelog" | head -1)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(date -d "$changed" +%s)}
mandate=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)

stage="$root/.build/deb/flightlog_${debversion}_$arch"
rm -rf "$stage"
mkdir -p "$stage/DEBIAN"
umask 022

# The same files as `sudo make install`, under Debian's paths.
$MAKE --no-print-directory -s install DESTDIR="$stage" PREFIX=/usr UNITDIR=/lib/systemd/system \
    UDEVDIR=/lib/udev/rules.d SWIFT="$SWIFT" BUILD_FLAGS="$BUILD_FLAGS" >/dev/null
# Units and rules the install target may not list yet; the executables are in /usr/bin here.
shopt -s nullglob
for f in systemd/*.service systemd/*.socket systemd/*.timer systemd/*.path; do
    install -m 0644 "$f" "$stage/lib/systemd/system/"
done
for f in systemd/*.rules; do install -m 0644 "$f" "$stage/lib/udev/rules.d/"; done
sed -i -e 's|/usr/local/bin/|/usr/bin/|g' -e 's|/usr/local/lib/flightlog/|/usr/lib/flightlog/|g' "$stage"/lib/systemd/system/* "$stage"/lib/udev/rules.d/*
# The conffile documents every setting but changes none: the example's pilot and glider are not the owner's.
{
    head -1 systemd/flightlog.toml.example
    echo "# Every setting below is commented out, so the built-in defaults apply: uncomment what you need."
    echo "# Every key is described in flightlog.toml(5)."
    tail -n +2 systemd/flightlog.toml.example | sed -E 's/^([^#[:space:]])/# \1/'
} >"$stage/etc/flightlog/flightlog.toml"
# It may hold WeGlide's login ([weglide] date_of_birth): readable by root here, by the flightlog user once the
# postinst has made that user its owner.
chmod 0600 "$stage/etc/flightlog/flightlog.toml"

# Stripped as dh_strip strips.
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/flightlog" \
    "$stage/usr/bin/flightlogd"

# Man pages: argument-parser's generate-manual (the tool behind its generate-manual plugin) from each
# executable's own help, so every subcommand and option is in them; flightlog.toml(5) is written by hand.
parser="$root/.build/checkouts/swift-argument-parser"
[ -f "$parser/Package.swift" ] || die "$parser is missing: run 'make' first"
$SWIFT build -c release --package-path "$parser" --scratch-path "$root/.build/tools/argument-parser" \
    --product generate-manual >/dev/null || die "could not build argument-parser's generate-manual tool"
genman="$root/.build/tools/argument-parser/release/generate-manual"
man="$stage/usr/share/man"
mkdir -p "$man/man1" "$man/man5" "$man/man8"
manpage() { # EXECUTABLE SECTION: the page, plus packaging/man/NAME.SECTION.{files,see-also} where they exist
    local name section=$2 helper page extra
    name=$(basename "$1")
    page="$man/man$section/$name.$section"
    extra="packaging/man/$name.$section"
    helper="$root/.build/deb/help-$name"
    # generate-manual drops every non-ASCII character ("Müller" -> "Mller") and lists the built-in help
    # subcommand of a command that has no others: give it the help with both mended, then make the marks
    # groff/mandoc escapes.
    printf '#!/bin/sh\n"%s" "$@" | python3 "%s"\n' "$1" "$root/scripts/manual-help.py" >"$helper"
    chmod +x "$helper"
    "$genman" "$helper" --date "$mandate" --section "$section" -o - >"$page.raw"
    rm -f "$helper"
    # One sentence per line and no .Pp right before .It (mandoc -T lint), the marks as \[uXXXX], FILES before
    # EXIT STATUS, SEE ALSO last.
    sed -E -e "/^[.']/!s/([A-Za-z0-9)][.!?]) +([A-Z])/\1\n\2/g" -e 's/ZzU([0-9A-F]{4,6})zZ/\\[u\1]/g' "$page.raw" |
        awk -v files="$extra.files" '
            held { held = 0; if ($0 !~ /^\.It/) print ".Pp" }
            /^\.Pp$/ { held = 1; next }
            /^\.Sh "EXIT STATUS"/ { while ((getline l < files) > 0) print l }
            { print }' >"$page"
    [ ! -f "$extra.see-also" ] || cat "$extra.see-also" >>"$page"
    rm -f "$page.raw"
}
manpage "$stage/usr/bin/flightlog" 1
manpage "$stage/usr/bin/flightlogd" 8
install -m 0644 packaging/man/flightlog.toml.5 "$man/man5/"
gzip -9n "$man"/man*/*

# Sourced, not run: no #! line (lintian: bash-completion-with-hashbang).
completions() { "$stage/usr/bin/flightlog" --generate-completion-script "$1" | sed '1{/^#!/d}' >"$2"; }
mkdir -p "$stage/usr/share/bash-completion/completions" "$stage/usr/share/zsh/vendor-completions" \
    "$stage/usr/share/fish/vendor_completions.d"
completions bash "$stage/usr/share/bash-completion/completions/flightlog"
completions zsh "$stage/usr/share/zsh/vendor-completions/_flightlog"
completions fish "$stage/usr/share/fish/vendor_completions.d/flightlog.fish"

doc="$stage/usr/share/doc/flightlog"
mkdir -p "$doc" "$stage/usr/share/lintian/overrides"
install -m 0644 "$pkg/copyright" "$doc/copyright"
gzip -9nc "$pkg/changelog" >"$doc/changelog.Debian.gz"
install -m 0644 "$pkg/lintian-overrides" "$stage/usr/share/lintian/overrides/flightlog"

# Maintainer scripts: prerm stops every shipped service (template instances by pattern), an upgrade restarts
# the ones that run or are enabled.
units=$(cd "$stage/lib/systemd/system" && for u in *.service; do
    case $u in *@.service) printf "'%s' " "${u%@.service}@*.service" ;; *) printf "'%s' " "$u" ;; esac
done)
services=$(cd "$stage/lib/systemd/system" && for u in *.service; do
    case $u in *@.service) ;; *) printf "'%s' " "$u" ;; esac
done)
for script in postinst prerm postrm; do
    sed -e "s|@UNITS@|${units% }|" -e "s|@SERVICES@|${services% }|" "$pkg/$script" >"$stage/DEBIAN/$script"
    chmod 0755 "$stage/DEBIAN/$script"
done
(cd "$stage" && find etc -type f | sed 's|^|/|' | sort) >"$stage/DEBIAN/conffiles"

# Depends: the shared libraries the executables link, as dpkg-shlibdeps finds their packages.
shlibs=$(
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    mkdir "$tmp/debian"
    printf 'Source: flightlog\n\nPackage: flightlog\nArchitecture: any\n' >"$tmp/debian/control"
    cd "$tmp" && dpkg-shlibdeps -O "$stage/usr/bin/flightlog" "$stage/usr/bin/flightlogd" 2>/dev/null |
        sed -n 's/^shlibs:Depends=//p'
)
[ -n "$shlibs" ] || die "dpkg-shlibdeps found no library packages"
# Installed-Size as dpkg-gencontrol counts it: KiB per file rounded up, 1 per directory or link.
size=$(cd "$stage" && find . -path ./DEBIAN -prune -o ! -path . -printf '%y %s\n' |
    awk '$1 == "f" { kb += int(($2 + 1023) / 1024); next } { kb += 1 } END { print kb }')
sed -e "s|@VERSION@|$debversion|" -e "s|@ARCH@|$arch|" -e "s|@INSTALLED_SIZE@|$size|" -e "s|@SHLIBS@|$shlibs|" \
    "$pkg/control" >"$stage/DEBIAN/control"
(cd "$stage" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' | sort |
    grep -vxF -f <(sed 's|^/||' DEBIAN/conffiles) | xargs md5sum) >"$stage/DEBIAN/md5sums"

find "$stage" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
deb="$out/flightlog_${debversion}_$arch.deb"
# DEB_COMPRESSION: dpkg-deb's compression flags (CI's package test of a debug build asks for a fast level).
# shellcheck disable=SC2086  # a list of flags
dpkg-deb --root-owner-group ${DEB_COMPRESSION:--Zxz} --build "$stage" "$deb" >/dev/null
echo "$deb: $(stat -c %s "$deb") bytes, installed size $size KiB"
