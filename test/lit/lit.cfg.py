# lit configuration for meshjit's golden tests.
import os
import shutil
import sys

import lit.formats

config.name = "meshjit"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py", ".mlir", ".test"]
config.excludes = ["lit.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.environment["MESHJIT_NUM_CPU_DEVICES"] = "8"
config.environment["PYTHONPATH"] = os.pathsep.join(
    p for p in (os.path.dirname(__file__), os.environ.get("PYTHONPATH", "")) if p
)
for var in ("HOME", "PATH", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

bin_dir = os.path.dirname(sys.executable)


def _tool(name):
    return shutil.which(name, path=bin_dir + os.pathsep + os.environ.get("PATH", "")) or name


config.substitutions.append(("%PYTHON", sys.executable))
config.substitutions.append(("FileCheck", _tool("filecheck") + " --enable-var-scope"))
config.substitutions.append(("meshjit-opt", _tool("meshjit-opt")))
config.substitutions.append(("meshjit-lower", _tool("meshjit-lower")))
config.substitutions.append(("meshjit-compile", _tool("meshjit-compile")))
config.substitutions.append(("%inputs", os.path.join(os.path.dirname(__file__), "Inputs")))
