"""Worker: initialize from the launcher's variables, report this process's place in the run
(as `key=value` lines), then check that a second initialize is refused and shutdown works."""

import json

import meshjit
from meshjit.distributed import DistributedError

meshjit.distributed.initialize()
report = {
    "index": meshjit.process_index(),
    "count": meshjit.process_count(),
    "local": meshjit.local_device_count(),
    "global": meshjit.device_count(),
    "local_owners": sorted({d.process_index for d in meshjit.local_devices()}),
    "owners": [d.process_index for d in meshjit.devices()],
    "default_is_local": meshjit.device_put(1.0).devices() <= set(meshjit.local_devices()),
}
print("report=" + json.dumps(report))
try:
    meshjit.distributed.initialize()
except DistributedError as e:
    print("second initialize:", e.bare_message)
meshjit.distributed.shutdown()
print("initialized after shutdown:", meshjit.distributed.is_initialized())
