"""The Python client's cached-read round trip against a bare websockets echo of the same request
bytes, in one process and one event loop (Debian's /usr/bin/python3). Within a trial the sides
take turns call by call, so a change in the machine's load falls on all of them alike; each
trial gives the ratio of its sides' medians. Prints one JSON object.
Usage: roundtrip.py URL TOKEN ECHO_URL
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "clients" / "python" / "src"))

import msgpack  # noqa: E402
import websockets  # noqa: E402

import uistream  # noqa: E402

# Calls per side before timing: the server's read path takes a few thousand calls to run
# optimized code (with 500 the first trials read 1.45x where the rest read 1.35x).
WARMUP = 3_000
# Calls per side per trial. Sides timed in separate blocks of 1,000 calls read 1.2x to 2.4x
# apart in one run: a block landed on a busier or quieter moment of the machine than its pair.
CALLS = 400
TRIALS = 15


async def _open_socket(url: str, protocols: list[str], headers: dict[str, str], timeout: float):
    """A bare websockets client (the baseline): 13+ takes additional_headers, before extra_headers."""
    common = {"subprotocols": protocols or None, "open_timeout": timeout, "max_size": None,
              "compression": None}
    try:
        from websockets.asyncio.client import connect
    except ImportError:
        return await websockets.connect(url, extra_headers=headers, **common)
    return await connect(url, additional_headers=headers, **common)


async def timed(calls: dict) -> dict:
    """Median microseconds of CALLS sequential awaits of each of `calls`, the sides taking turns
    call by call (the order rotating, so no side always follows the same one)."""
    names = list(calls)
    samples = {name: [] for name in names}
    for i in range(CALLS):
        for k in range(len(names)):
            name = names[(i + k) % len(names)]
            t0 = time.perf_counter_ns()
            await calls[name]()
            samples[name].append(time.perf_counter_ns() - t0)
    return {name: statistics.median(xs) / 1000 for name, xs in samples.items()}


async def main(url: str, token: str, echo_url: str, encoding: str) -> dict:
    client = await uistream.connect(url, token, encoding)
    [doc] = (await client.elements_find(automation_id="editor.text"))["elements"]
    request = {"jsonrpc": "2.0", "id": 1, "method": "elements.get", "params": {"ref": doc["ref"]}}
    frame = json.dumps(request)
    echo = await _open_socket(echo_url, [], {}, 10)
    # The same request written and read raw on a socket of its own: the server's share.
    protocol = "uistream.v1.json" if encoding == "json" else "uistream.v1.msgpack"
    raw = await _open_socket(url, [protocol], {"Authorization": f"Bearer {token}"}, 10)
    raw_frame = frame if encoding == "json" else msgpack.packb(json.loads(frame))

    async def direct() -> None:
        await raw.send(raw_frame)
        await raw.recv()

    async def bare() -> None:
        await echo.send(raw_frame)
        await echo.recv()

    async def ours() -> None:
        await client.elements_get(ref=doc["ref"])

    for _ in range(WARMUP):
        await bare()
        await direct()
        await ours()
    await raw.send(raw_frame)
    answer = await raw.recv()
    trials = []
    for _ in range(TRIALS):
        trial = await timed({"echoUs": bare, "rawUs": direct, "clientUs": ours})
        trials.append({k: round(v, 1) for k, v in trial.items()})
    await echo.close()
    await raw.close()
    await client.close()
    ratios = sorted(t["clientUs"] / t["echoUs"] for t in trials)
    over_raw = sorted(t["clientUs"] / t["rawUs"] for t in trials)
    return {
        "encoding": encoding,
        "calls": CALLS,
        "requestBytes": len(raw_frame),
        "answerBytes": len(answer),
        "trials": trials,
        "ratioMedian": round(statistics.median(ratios), 2),
        "ratioMin": round(ratios[0], 2),
        "ratioMax": round(ratios[-1], 2),
        "clientVsRawMedian": round(statistics.median(over_raw), 2),
        "rawVsEchoMedian": round(statistics.median(t["rawUs"] / t["echoUs"] for t in trials), 2),
    }


if __name__ == "__main__":
    url, token, echo_url = sys.argv[1:4]
    results = [asyncio.run(main(url, token, echo_url, e)) for e in ("json", "msgpack")]
    print(json.dumps(results))
