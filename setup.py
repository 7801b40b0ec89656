"""pip's way into railyard's CMake build (pyproject.toml holds the package's metadata).

`pip install --no-build-isolation .` configures CMake in build-pip/ (kept, so a second install
rebuilds only what changed), builds the `railyard_python` target only, and installs the
extension it makes (railyard/_native*.so) with the pure-Python package python/railyard. The
environment chooses the build:

  RAILYARD_BUILD_DIR=DIR  use DIR instead of build-pip/: a folder CMake already configured (the
                          developer's build/, say) is reused as it is, a new or empty one is
                          configured there first
  RAILYARD_NO_BUILD=1     do not run CMake: take DIR's extension as it was built (it must exist)
  CMAKE_ARGS="-D..."      more arguments for a first configure
  CMAKE_BUILD_PARALLEL_LEVEL=N  build jobs (default: every core)

The extension is built for the interpreter running pip (Debian's /usr/bin/python3 or a venv of
it) and reads rules, assets and scenes from the checkout it was built from (or $RAILYARD_DATA).
"""
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))
PIP_BUILD = os.path.join(ROOT, "build-pip")  # ignored by git like every /build*/ folder


class CMakeExtension(Extension):
    def __init__(self, name, target):
        super().__init__(name, sources=[])
        self.target = target


class CMakeBuild(build_ext):
    """Builds each CMakeExtension's target with CMake and copies the module it makes."""

    def run(self):
        for extension in self.extensions:
            self.build_cmake(extension)

    def build_cmake(self, extension):
        folder = os.path.abspath(os.environ.get("RAILYARD_BUILD_DIR") or PIP_BUILD)
        if os.environ.get("RAILYARD_NO_BUILD", "") not in ("", "0"):
            print(f"railyard: RAILYARD_NO_BUILD: the extension as built in {folder}")
        else:
            if not os.path.exists(os.path.join(folder, "CMakeCache.txt")):
                os.makedirs(folder, exist_ok=True)
                self.spawn(["cmake", "-S", ROOT, "-B", folder, "-DCMAKE_BUILD_TYPE=Release",
                            "-DRAILYARD_BUILD_TESTS=OFF",
                            f"-DPython3_EXECUTABLE={sys.executable}",
                            *shlex.split(os.environ.get("CMAKE_ARGS", ""))])
            build = ["cmake", "--build", folder, "--target", extension.target]
            if "CMAKE_BUILD_PARALLEL_LEVEL" not in os.environ:
                build += ["--parallel", str(os.cpu_count() or 1)]
            self.spawn(build)
        built = os.path.join(folder, "python", *extension.name.split(".")[:-1],
                             extension.name.split(".")[-1] + sysconfig.get_config_var("EXT_SUFFIX"))
        if not os.path.isfile(built):
            there = os.path.dirname(built)
            found = sorted(n for n in os.listdir(there) if n.startswith("_native")) \
                if os.path.isdir(there) else []
            why = ("RAILYARD_NO_BUILD: build its railyard_python target first"
                   if os.environ.get("RAILYARD_NO_BUILD", "") not in ("", "0") else
                   "the module needs python3-dev and pybind11-dev")
            raise SystemExit(f"railyard: {built} not found (the build holds {found or 'none'}): "
                             f"no extension for this Python ({sys.executable}); {why}")
        destination = self.get_ext_fullpath(extension.name)
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        shutil.copyfile(built, destination)
        print(f"railyard: {built} -> {destination}")


os.makedirs(PIP_BUILD, exist_ok=True)
setup(
    ext_modules=[CMakeExtension("railyard._native", target="railyard_python")],
    cmdclass={"build_ext": CMakeBuild},
    # setuptools' own folders beside CMake's, not in build/ (the developer's CMake build) nor
    # python/ (no railyard.egg-info in the source tree).
    options={"build": {"build_base": os.path.join(PIP_BUILD, "setuptools")},
             "egg_info": {"egg_base": PIP_BUILD}},
)
