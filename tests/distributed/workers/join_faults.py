"""Worker: `initialize` when the run cannot start: `join_faults.py MODE`.

never       this process expects one process more than were started (it never joins)
unreachable process 1 of 2 alone: nobody hosts the coordinator
count       process 1 says the run has 3 processes, process 0 says 2
plain       initialize as the launcher says (for a coordinator address in use)
"""

import os
import sys

import meshjit

MODE = sys.argv[1]
n = int(os.environ["MESHJIT_NUM_PROCESSES"])
me = int(os.environ["MESHJIT_PROCESS_ID"])
kwargs = {"initialization_timeout": 2}
if MODE == "never":
    kwargs["num_processes"] = n + 1
elif MODE == "unreachable":
    kwargs.update(num_processes=2, process_id=1)
elif MODE == "count" and me == 1:
    kwargs["num_processes"] = 3
meshjit.distributed.initialize(**kwargs)
print("initialized (unexpected)")
