// Long work off the page's thread: a Job owns one Web Worker (studio/worker.js) and runs one task on it at
// a time, passing every message the task posts to the caller (progress, partial results). Cancelling
// terminates the worker — a task stuck in a long engine call stops at once — and the next task starts a
// fresh one. The page's thread never runs a search, so it stays responsive whatever the task costs.

/** What went wrong, in words: an engine error's own sentence (without its status code, which is for
 * programs), or the error's message. */
export function reason(e) {
  return e?.detail ?? e?.message ?? String(e);
}

export class Job {
  constructor() {
    this.worker = null;
    this.ready = null;
    this.finish = null;
  }

  get busy() {
    return this.finish !== null;
  }

  /** A worker that has loaded the engine. */
  spawn() {
    if (this.worker) return this.ready;
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.ready = new Promise((resolve) => {
      this.worker.onmessage = ({ data }) => {
        if (data.type === "ready") resolve();
        else this.onMessage?.(data);
      };
    });
    this.worker.onerror = (e) => this.end({ type: "error", message: e.message ?? "the worker failed" });
    return this.ready;
  }

  /** Runs `task` (a message for the worker), cancelling the one running; `onMessage` sees each message.
   * Resolves with the task's last message: `done`, `error` or `cancelled`. */
  run(task, onMessage = () => {}) {
    this.cancel();
    return new Promise((resolve) => {
      this.finish = resolve;
      this.onMessage = (message) => {
        onMessage(message);
        if (message.type === "done" || message.type === "error") this.end(message);
      };
      this.spawn().then(() => this.finish === resolve && this.worker.postMessage(task));
    });
  }

  end(message) {
    const finish = this.finish;
    this.finish = null;
    this.onMessage = null;
    finish?.(message);
  }

  /** Stops the running task (its promise resolves with `cancelled`). */
  cancel() {
    if (!this.busy) return;
    this.worker?.terminate();
    this.worker = null;
    this.end({ type: "cancelled" });
  }
}
