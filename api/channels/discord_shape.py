"""The parts of a Discord interaction this bot reads, as Discord's documentation shapes them.

A signed request is still untrusted input: a shape Discord would never send (``"options": 5``)
is refused with a 400 before any handler looks at it. Fields the bot does not read are let
through untouched, so that Discord can add to its payloads without breaking the endpoint.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, StrictBool, StrictFloat, StrictInt, StrictStr
from pydantic import ValidationError as ValidationError

Snowflake = StrictStr | StrictInt
OptionValue = StrictStr | StrictInt | StrictFloat | StrictBool
_SHOWN = 5  # a huge misshapen payload must not make a huge answer


class _Shape(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


class _User(_Shape):
    id: Snowflake | None = None


class _Member(_Shape):
    user: _User | None = None


class _Option(_Shape):
    name: StrictStr
    value: OptionValue | None = None


class _Attachment(_Shape):
    url: StrictStr | None = None
    size: StrictInt | None = None


class _Resolved(_Shape):
    attachments: dict[str, _Attachment] | None = None


class _Input(_Shape):
    custom_id: StrictStr | None = None
    value: StrictStr | None = None


class _Row(_Shape):
    components: list[_Input] | None = None


class _Data(_Shape):
    custom_id: StrictStr | None = None
    options: list[_Option] | None = None
    resolved: _Resolved | None = None
    components: list[_Row] | None = None


class InteractionShape(_Shape):
    type: StrictInt
    application_id: Snowflake | None = None
    token: StrictStr | None = None
    locale: StrictStr | None = None
    member: _Member | None = None
    user: _User | None = None
    data: _Data | None = None


def problems(error: ValidationError) -> str:
    """Every misshapen field at once, each by its place in the payload."""
    return "; ".join(
        f"{'.'.join(str(p) for p in e['loc']) or 'body'}: {e['msg']}"
        for e in error.errors(include_url=False)[:_SHOWN]
    )


def checked(payload: Any) -> None:
    """Raises ValidationError when ``payload`` is not an interaction this bot can read."""
    InteractionShape.model_validate(payload)
