/**
 * Resolves in a task of its own: the browser may paint and handle input in
 * between. The console's start is cut into tasks this way (evaluating its
 * code, asking for the first screen's code and data, drawing), rather than one
 * long task that blocks a slow phone for a few hundred milliseconds.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
