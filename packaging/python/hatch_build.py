"""Tags the wheel with the platforms its binary runs on, which Scripts/package names in TODOFMT_WHEEL_PLATFORM.

The wheel holds no Python code but a native program, so it is not pure Python (`Root-Is-Purelib: false`) and runs
with any Python 3 (`py3-none`): only the platform part of its tag says where it works.
"""

import os

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version, build_data):
        platform = os.environ.get("TODOFMT_WHEEL_PLATFORM")
        if not platform:
            raise RuntimeError("TODOFMT_WHEEL_PLATFORM is not set: build the wheel with Scripts/package")
        build_data["tag"] = "py3-none-" + platform
        build_data["pure_python"] = False
