"""`oomguide serve` with the event log off, for the benchmark's comparison only.

The product has no setting to turn recording off (it is meant to be always on, and
``OOMGUIDE_KEEP_TEXTS=none`` still records every event), so this patches the one method every
recording goes through, ``ConversationService._record``, before the server starts: a turn then
neither describes its events nor queues them, and the writer thread never starts — the turn path
as it was before the event log. At import time, so that a worker process spawned by uvicorn,
which imports this module again, is patched too.
"""

from collections.abc import Callable

from api.cli.main import main
from api.service.conversations import ConversationService


def _not_recorded(self: ConversationService, call: Callable[..., None], *args: object) -> None:
    pass


ConversationService._record = _not_recorded  # type: ignore[method-assign]

if __name__ == "__main__":
    main()
