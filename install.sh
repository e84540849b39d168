#!/bin/sh
# install.sh: deja into its own venv (~/.deja-venv, or $DEJA_VENV), `deja` on PATH through a
# link in ~/.local/bin, no sudo. Run it from a checkout: `sh install.sh`. Running it again
# upgrades in place. It writes nothing outside the venv, ~/.local/bin/deja and, only when a new
# login shell would not find ~/.local/bin on its PATH, one marked line in your login profile.
set -eu
: "${HOME:?HOME is not set}"
here=$(cd "$(dirname "$0")" && pwd)
venv=${DEJA_VENV:-$HOME/.deja-venv}
bin=$HOME/.local/bin

python3 -m venv "$venv"
"$venv/bin/pip" install -q "$here"
mkdir -p "$bin"
ln -sf "$venv/bin/deja" "$bin/deja"

# Debian/Ubuntu's ~/.profile puts ~/.local/bin on PATH when it exists; root's, a fresh HOME's
# and other systems' may not. Ask a new login shell, and add the line only if it does not.
shell=${SHELL:-/bin/sh}
[ -x "$shell" ] || shell=/bin/sh
case $(basename "$shell") in
  zsh) profile=$HOME/.zprofile ;;
  bash) profile=$HOME/.profile
        for f in "$HOME/.bash_profile" "$HOME/.bash_login"; do
          if [ -f "$f" ]; then profile=$f; break; fi
        done ;;
  *) profile=$HOME/.profile ;;
esac
found=$(env -i HOME="$HOME" USER="${USER:-}" SHELL="$shell" "$shell" -lc 'command -v deja' 2>/dev/null || true)
if [ "$found" != "$bin/deja" ] && ! grep -qs 'added by deja install.sh' "$profile"; then
  printf '\n# added by deja install.sh: ~/.local/bin on PATH\nexport PATH="$HOME/.local/bin:$PATH"\n' >> "$profile"
  echo "deja: added ~/.local/bin to PATH in $profile (new login shells find deja)" >&2
fi
echo "deja: installed $bin/deja (-> $venv/bin/deja)" >&2
