#!/usr/bin/env bash
# Cross-builds zest.exe for 64-bit Windows on Debian/Ubuntu:
#   target/x86_64-pc-windows-gnu/release/zest.exe
# Installs what is missing first (the rustup target, and the mingw-w64 linker through apt,
# which needs root or sudo). The linker is named in .cargo/config.toml. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
target=x86_64-pc-windows-gnu
if ! rustup target list --installed | grep -qx "$target"; then
  rustup target add "$target"
fi
if ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq gcc-mingw-w64-x86-64
fi
cargo build --release --locked --target "$target" --bin zest "$@"
ls -l "target/$target/release/zest.exe"
