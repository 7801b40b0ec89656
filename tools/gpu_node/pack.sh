#!/usr/bin/env bash
# Packs what tools/gpu_node/measure.sh needs on a lent GPU machine, which has no Debian packages
# and reaches nothing: railyard and three test binaries from build/ (run tools/build.sh first),
# the shared libraries they load beyond glibc and the GL dispatch (the machine's NVIDIA driver
# brings its own), xz-compressed into .gpukit/ (the device's 64 MiB of carried files), and GLVND's
# loader packages into .gl/ as the device tool's README says. Both folders are ignored by git;
# name them in the run's carry: [".gl", ".gpukit"].
set -euo pipefail
cd "$(dirname "$0")/../.."
binaries=(railyard railyard_opengl_tests render_checks_tests generate_tests)
kit=$(mktemp -d)
trap 'rm -rf "$kit"' EXIT
mkdir -p "$kit/bin" "$kit/lib"
for b in "${binaries[@]}"; do cp "build/bin/$b" "$kit/bin/"; done
ldd "${binaries[@]/#/build/bin/}" | awk '/=> \// {print $3}' | sort -u | while read -r lib; do
  case $(basename "$lib") in
    libc.so* | libm.so* | libdl.so* | libpthread.so* | librt.so* | libEGL.so* | libGL*.so* | \
      libOpenGL.so*) ;;  # glibc's and GLVND's: the machine's own
    *) cp -L "$lib" "$kit/lib/" ;;
  esac
done
pwd >"$kit/source_dir"  # the tests' data paths are compiled in: measure.sh links it there
mkdir -p .gpukit
tar -C "$kit" -cJf .gpukit/kit.tar.xz bin lib source_dir
echo "wrote .gpukit/kit.tar.xz ($(du -h .gpukit/kit.tar.xz | cut -f1))"

if ! ls .gl/libegl1_*.deb >/dev/null 2>&1; then
  mkdir -p .gl /tmp/amd64/partial
  apt=(-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64)
  apt-get "${apt[@]}" update -qq
  (cd .gl && apt-get "${apt[@]}" download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 \
    libgles2)
fi
echo "GL loaders in .gl/: $(ls .gl | tr '\n' ' ')"
