// A Chrome DevTools protocol session with the Worker's isolate over wrangler's inspector port: the
// profile's CPU samples (profile.ts) and the shop refresh's heap readings (shop.ts).

/** A Chrome DevTools protocol session over the inspector's WebSocket. */
export async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  // The inspector proxy accepts local origins only.
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl, { headers: { Origin: "http://localhost" } } as never);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve);
    socket.addEventListener("error", reject);
  });
  let lastId = 0;
  const pending = new Map<number, (result: any) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  return {
    send: (method: string, params: object = {}) =>
      new Promise<any>((resolve) => {
        pending.set(++lastId, resolve);
        socket.send(JSON.stringify({ id: lastId, method, params }));
      }),
    close: () => socket.close(),
  };
}
