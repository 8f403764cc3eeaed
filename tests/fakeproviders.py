"""A real local HTTP server that speaks the Anthropic Messages API and OpenAI Chat Completions.

The adapters are driven through the official SDKs against this server (``base_url`` pointing
at it); nothing in the SDKs is patched. Each request is answered by the next scripted
:class:`Step` and recorded (path, lower-cased headers, parsed JSON body), so tests assert on what
went over the wire and on how many requests were made.

    with FakeProvider() as fp:
        fp.script(error(429, anthropic_error("rate_limit_error", "slow down"),
                        headers={"retry-after": "1"}),
                  ok(anthropic_message([text("done")])))
        model = AnthropicModel(env={"ANTHROPIC_API_KEY": "sk-fake"}, base_url=fp.url, ...)

Steps: :func:`ok` / :func:`error` (a status, a JSON or text body, headers), :func:`drop` (send
the headers and part of the body, then close the connection), :func:`delay` (sleep, then answer
with another step: for timeouts), :func:`respond` (a function of the recorded request returning a
step: for a scripted model that reacts to the conversation). ``times=None`` repeats a step for
ever. When the script runs out the server answers 500 with a body saying so (a test bug, and
visible as such).

Token counting: ``POST /v1/messages/count_tokens`` has a route of its own (not the script):
404 by default, as a server without it; set :attr:`FakeProvider.counter` to answer it.

Wire shapes: https://platform.claude.com/docs/en/api/messages and .../api/errors (Anthropic),
https://platform.openai.com/docs/api-reference/chat/object and the error object
``{"error": {"message", "type", "param", "code"}}`` (OpenAI).
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

#: Anthropic's token counting route and the fields its request may hold
#: (https://platform.claude.com/docs/en/api/messages/count_tokens).
COUNT_PATH = "/v1/messages/count_tokens"
COUNT_FIELDS = frozenset(
    {
        "model",
        "messages",
        "system",
        "tools",
        "tool_choice",
        "thinking",
        "cache_control",
        "output_config",
        "speed",
    }
)


def tokens_by_bytes(bytes_per_token: float) -> Callable[[dict[str, Any]], int]:
    """A stand-in tokenizer for :attr:`FakeProvider.counter`: the bytes of the request's
    system prompt, messages and tools (compact JSON) divided by ``bytes_per_token``."""

    def count(body: dict[str, Any]) -> int:
        parts = {k: body.get(k) for k in ("system", "messages", "tools")}
        n = len(json.dumps(parts, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
        return max(1, int(n / bytes_per_token))

    return count


# ----------------------------------------------------------------------------------------
# Script steps
# ----------------------------------------------------------------------------------------


@dataclass
class Step:
    """One scripted answer.

    Attributes:
        status: HTTP status code.
        body: a dict (sent as JSON) or a str (sent as text/plain).
        headers: extra response headers.
        drop_after: when set, send the headers (with the full Content-Length) and only this
            many bytes of the body, then close the connection (a drop mid-response).
        delay_s: seconds to wait before answering (to trigger client timeouts).
        fn: when set, called with the recorded request; its returned Step is the answer.
        times: how many requests this step answers; None = every request from now on.
    """

    status: int = 200
    body: Any = None
    headers: Mapping[str, str] = field(default_factory=dict)
    drop_after: int | None = None
    delay_s: float = 0.0
    fn: Callable[[dict[str, Any]], Step] | None = None
    times: int | None = 1


def ok(body: Any, *, headers: Mapping[str, str] | None = None, times: int | None = 1) -> Step:
    """A 200 answer with ``body``."""
    return Step(200, body, dict(headers or {}), times=times)


def error(
    status: int, body: Any, *, headers: Mapping[str, str] | None = None, times: int | None = 1
) -> Step:
    """An error answer: ``status`` with ``body`` (from :func:`anthropic_error` and the like)."""
    return Step(status, body, dict(headers or {}), times=times)


def drop(body: Any, *, after_bytes: int = 10, times: int | None = 1) -> Step:
    """A 200 whose body is cut after ``after_bytes`` bytes by closing the connection."""
    return Step(200, body, {}, drop_after=after_bytes, times=times)


def delay(seconds: float, then: Step) -> Step:
    """``then``, answered after ``seconds`` (a client with a shorter timeout gives up first)."""
    return Step(then.status, then.body, then.headers, then.drop_after, seconds, then.fn, then.times)


def respond(fn: Callable[[dict[str, Any]], Step], *, times: int | None = None) -> Step:
    """Answer with ``fn(request)``: a scripted model that reads the conversation."""
    return Step(fn=fn, times=times)


# ----------------------------------------------------------------------------------------
# Anthropic Messages API bodies
# ----------------------------------------------------------------------------------------


def text(s: str) -> dict[str, Any]:
    """A text content block."""
    return {"type": "text", "text": s}


def tool_use(name: str, input: dict[str, Any], id: str | None = None) -> dict[str, Any]:
    """An Anthropic tool_use content block."""
    return {
        "type": "tool_use",
        "id": id or f"toolu_{uuid.uuid4().hex[:20]}",
        "name": name,
        "input": input,
    }


def anthropic_message(
    content: list[dict[str, Any]],
    *,
    stop_reason: str | None = None,
    model: str = "claude-sonnet-5-5",
    input_tokens: int = 100,
    output_tokens: int = 20,
    cache_read: int = 0,
    cache_write: int = 0,
) -> dict[str, Any]:
    """A Messages API response body (``type: "message"``)."""
    if stop_reason is None:
        stop_reason = "tool_use" if any(b["type"] == "tool_use" for b in content) else "end_turn"
    return {
        "id": f"msg_{uuid.uuid4().hex[:20]}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {
            "input_tokens": input_tokens,
            "output_tokens": output_tokens,
            "cache_read_input_tokens": cache_read,
            "cache_creation_input_tokens": cache_write,
        },
    }


def anthropic_error(etype: str, message: str) -> dict[str, Any]:
    """An Anthropic error body: ``{"type": "error", "error": {"type", "message"}, ...}``."""
    return {
        "type": "error",
        "error": {"type": etype, "message": message},
        "request_id": f"req_{uuid.uuid4().hex[:20]}",
    }


# ----------------------------------------------------------------------------------------
# OpenAI Chat Completions bodies
# ----------------------------------------------------------------------------------------


def openai_tool_call(name: str, arguments: str, id: str | None = None) -> dict[str, Any]:
    """A Chat Completions tool call; ``arguments`` is the raw JSON text (may be invalid)."""
    return {
        "id": id or f"call_{uuid.uuid4().hex[:20]}",
        "type": "function",
        "function": {"name": name, "arguments": arguments},
    }


def openai_completion(
    content: str | None = None,
    tool_calls: list[dict[str, Any]] | None = None,
    *,
    finish_reason: str | None = None,
    model: str = "gpt-5.5-2026-04-23",
    prompt_tokens: int = 100,
    completion_tokens: int = 20,
    cached_tokens: int = 0,
    reasoning_tokens: int = 0,
    reasoning_outside: bool = False,
    usage: bool = True,
) -> dict[str, Any]:
    """A ``chat.completion`` response body.

    ``reasoning_tokens`` are counted inside ``completion_tokens`` as OpenAI does, or outside it
    (``total_tokens`` = prompt + completion + reasoning) with ``reasoning_outside=True``.
    """
    if finish_reason is None:
        finish_reason = "tool_calls" if tool_calls else "stop"
    message: dict[str, Any] = {"role": "assistant", "content": content, "refusal": None}
    if tool_calls:
        message["tool_calls"] = tool_calls
    body: dict[str, Any] = {
        "id": f"chatcmpl-{uuid.uuid4().hex[:20]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {"index": 0, "message": message, "logprobs": None, "finish_reason": finish_reason}
        ],
    }
    if usage:
        total = prompt_tokens + completion_tokens + (reasoning_tokens if reasoning_outside else 0)
        body["usage"] = {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": total,
            "prompt_tokens_details": {"cached_tokens": cached_tokens, "audio_tokens": 0},
            "completion_tokens_details": {"reasoning_tokens": reasoning_tokens},
        }
    return body


def openai_error(
    message: str,
    *,
    etype: str = "invalid_request_error",
    code: str | None = None,
    param: str | None = None,
) -> dict[str, Any]:
    """An OpenAI error body: ``{"error": {"message", "type", "param", "code"}}``."""
    return {"error": {"message": message, "type": etype, "param": param, "code": code}}


# ----------------------------------------------------------------------------------------
# Responders that behave like a provider's validation
# ----------------------------------------------------------------------------------------


def openai_strict_params(*replies: dict[str, Any]) -> Step:
    """Answer like OpenAI for a reasoning model, whatever the model's name: 400
    ``unsupported_parameter`` when the request carries ``max_tokens`` (naming
    ``max_completion_tokens`` as the replacement), 400 ``unsupported_value`` for a temperature
    other than 1; a valid request gets the next of ``replies`` (``chat.completion`` bodies), and
    500 once they run out. The step answers every request from then on."""
    left = list(replies)

    def answer(req: dict[str, Any]) -> Step:
        body = req["body"] or {}
        if "max_tokens" in body:
            return Step(
                400,
                openai_error(
                    "Unsupported parameter: 'max_tokens' is not supported with this model. "
                    "Use 'max_completion_tokens' instead.",
                    code="unsupported_parameter",
                    param="max_tokens",
                ),
            )
        if "temperature" in body and body["temperature"] != 1:
            return Step(
                400,
                openai_error(
                    f"Unsupported value: 'temperature' does not support {body['temperature']} "
                    "with this model. Only the default (1) value is supported.",
                    code="unsupported_value",
                    param="temperature",
                ),
            )
        if not left:
            return Step(500, {"error": "fake provider: strict script exhausted"})
        return Step(200, left.pop(0))

    return Step(fn=answer, times=None)


class ThinkingGuard:
    """Anthropic's rule for extended thinking, enforced like the API does it.

    Answers with ``replies`` in order (Messages API bodies). Whenever a request's assistant
    turn holds the tool_use ids of a reply this guard sent with thinking or redacted_thinking
    blocks, those blocks must come first in that turn, byte for byte and in their order; else
    the answer is 400 ``invalid_request_error`` naming the first difference.

    Attributes:
        sent: tool_use ids -> the thinking blocks sent with them.
        refusals: the 400 messages given.
    """

    def __init__(self, replies: list[dict[str, Any]]) -> None:
        self.replies = list(replies)
        self.sent: dict[tuple[str, ...], list[dict[str, Any]]] = {}
        self.refusals: list[str] = []

    def step(self) -> Step:
        """The script step (answers every request until the replies run out)."""
        return Step(fn=self._answer, times=None)

    def _problem(self, body: Mapping[str, Any]) -> str | None:
        for i, m in enumerate(body.get("messages") or []):
            content = m.get("content")
            if m.get("role") != "assistant" or not isinstance(content, list):
                continue
            ids = tuple(b.get("id") for b in content if b.get("type") == "tool_use")
            want = self.sent.get(ids)
            if not want:
                continue
            got = [
                {k: v for k, v in b.items() if k != "cache_control"} for b in content[: len(want)]
            ]
            if got != want:
                return (
                    f"messages.{i}.content: thinking blocks must be passed back unmodified "
                    f"and first; expected {[b['type'] for b in want]}, got "
                    f"{[b.get('type') for b in content]}"
                )
        return None

    def _answer(self, req: dict[str, Any]) -> Step:
        problem = self._problem(req["body"] or {})
        if problem:
            self.refusals.append(problem)
            return Step(400, anthropic_error("invalid_request_error", problem))
        if not self.replies:
            return Step(500, {"error": "fake provider: thinking script exhausted"})
        reply = self.replies.pop(0)
        ids = tuple(b["id"] for b in reply["content"] if b["type"] == "tool_use")
        thinking = [b for b in reply["content"] if b["type"] in ("thinking", "redacted_thinking")]
        if ids and thinking:
            self.sent[ids] = [dict(b) for b in thinking]
        return Step(200, reply)


# ----------------------------------------------------------------------------------------
# The server
# ----------------------------------------------------------------------------------------


class FakeProvider:
    """A scripted provider on ``127.0.0.1`` at an ephemeral port, in a background thread.

    Attributes:
        url: ``http://127.0.0.1:PORT`` (Anthropic base URL; add ``/v1`` for OpenAI).
        requests: every request received, in order: ``{"method", "path", "headers", "body"}``
            (``body`` is the parsed JSON, or the raw text when not JSON).
        counter: the tokens of a ``count_tokens`` request body (e.g. :func:`tokens_by_bytes`),
            or None (the default) for a server without that endpoint (404). Count requests are
            answered on their own route, never from the script.
    """

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.counter: Callable[[dict[str, Any]], int] | None = None
        self._script: list[Step] = []
        self._lock = threading.Lock()
        provider = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body: Any = json.loads(raw) if raw else None
                except ValueError:
                    body = raw.decode("utf-8", "replace")
                req = {
                    "method": "POST",
                    "path": self.path,
                    "headers": {k.lower(): v for k, v in self.headers.items()},
                    "body": body,
                }
                if self.path.split("?")[0] == COUNT_PATH:  # its own route, not the script
                    with provider._lock:
                        provider.requests.append(req)
                    provider._answer(self, provider._count(req["body"]))
                    return
                step = provider._next(req)
                while step.fn is not None:
                    step = step.fn(req)
                provider._answer(self, step)

            do_GET = do_POST  # noqa: N815

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        host, port = self._server.server_address[:2]
        self.url = f"http://{host}:{port}"
        # shutdown() waits for serve_forever's next poll: 0.5 s by default, on every test
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    # token counting ----------------------------------------------------------------------
    def _count(self, body: Any) -> Step:
        """The answer of ``POST /v1/messages/count_tokens`` (Anthropic's token counting).

        Without :attr:`counter` the server has no such endpoint: 404 ``not_found_error``, as
        the API answers an unknown path. With it: the documented request (``model`` and
        ``messages`` required; only the documented fields, so ``max_tokens`` is refused with
        400 ``invalid_request_error`` as the API does) answered ``{"input_tokens": N}``.
        """
        if self.counter is None:
            return Step(404, anthropic_error("not_found_error", "Not found"))
        if not isinstance(body, dict) or not {"model", "messages"} <= body.keys():
            return Step(
                400, anthropic_error("invalid_request_error", "model and messages are required")
            )
        extra = sorted(set(body) - COUNT_FIELDS)
        if extra:
            return Step(
                400,
                anthropic_error(
                    "invalid_request_error", f"{extra[0]}: Extra inputs are not permitted"
                ),
            )
        return Step(200, {"input_tokens": int(self.counter(body))})

    # script ----------------------------------------------------------------------------
    def script(self, *steps: Step) -> FakeProvider:
        """Append steps to the script; returns self."""
        with self._lock:
            self._script.extend(steps)
        return self

    def _next(self, req: dict[str, Any]) -> Step:
        with self._lock:
            self.requests.append(req)
            if not self._script:
                return Step(500, {"error": "fake provider: script exhausted"})
            step = self._script[0]
            if step.times is not None:
                step.times -= 1
                if step.times <= 0:
                    self._script.pop(0)
            return step

    @staticmethod
    def _answer(handler: BaseHTTPRequestHandler, step: Step) -> None:
        if step.delay_s:
            time.sleep(step.delay_s)
        if isinstance(step.body, str):
            payload = step.body.encode("utf-8")
            ctype = "text/plain; charset=utf-8"
        else:
            payload = json.dumps(step.body if step.body is not None else {}).encode("utf-8")
            ctype = "application/json"
        try:
            handler.send_response(step.status)
            handler.send_header("Content-Type", ctype)
            handler.send_header("Content-Length", str(len(payload)))
            handler.send_header("request-id", f"req_{uuid.uuid4().hex[:12]}")
            for k, v in step.headers.items():
                handler.send_header(k, v)
            if step.drop_after is not None:
                handler.send_header("Connection", "close")
            handler.end_headers()
            if step.drop_after is not None:
                handler.wfile.write(payload[: step.drop_after])
                handler.wfile.flush()
                handler.close_connection = True
                return
            handler.wfile.write(payload)
            handler.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout test)
            handler.close_connection = True

    # lifecycle -------------------------------------------------------------------------
    def start(self) -> FakeProvider:
        """Start serving in a daemon thread; returns self."""
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop serving and close the socket."""
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> FakeProvider:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # conveniences ----------------------------------------------------------------------
    @property
    def bodies(self) -> list[Any]:
        """The JSON bodies of the requests received, in order."""
        return [r["body"] for r in self.requests]
