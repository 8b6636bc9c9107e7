# The Pulumi SDK for Python prints property values in two of its debug messages ("register resource outputs
# prepared: urn=…, props=…" and "resource registration successful: urn=…, props=…"), secret outputs in plain
# text inside their wrapper, and `pulumi up --json`, `--event-log` and the Automation API's events carry debug
# messages. Importing pulumi_chat cuts the values from those messages; every other message passes unchanged.
# The SDK reads `log.debug` from its module at each call, so replacing it there reaches every caller.
# Written into sdk/python by scripts/gen-sdks.sh from scripts/sdk-overlays/python/.
import re
import typing

import pulumi.log as _log

_VALUES = re.compile(r"^(.*?\bprops=).*$", re.DOTALL)


def without_values(message: str) -> str:
    """The message without what follows `props=`, if it holds that."""
    return _VALUES.sub(r"\1(not shown: they may hold secrets)", message)


def _quiet(debug: typing.Callable[..., None]) -> typing.Callable[..., None]:
    def quiet(msg: str, *args: typing.Any, **kwargs: typing.Any) -> None:
        return debug(without_values(msg) if isinstance(msg, str) else msg, *args, **kwargs)

    setattr(quiet, "_pulumi_chat_quiet", True)
    return quiet


if not getattr(_log.debug, "_pulumi_chat_quiet", False):
    _log.debug = _quiet(_log.debug)
