import asyncio


async def fetch_all(names):
    """Fetch every name concurrently; returns their lengths in order."""
    async def one(name):
        await asyncio.sleep(0)
        return len(name) + 1

    return await asyncio.gather(*(one(n) for n in names))
