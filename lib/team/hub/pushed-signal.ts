import { EventEmitter } from "node:events";

/**
 * Tells waiting pulls (a machine's long poll) that a push committed new versions of a project, so
 * a machine hears of a change as soon as the hub stores it instead of at its next poll. In this hub
 * process only: a second hub process behind a balancer answers its waiters at their wait's end.
 */
export class PushedSignal {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  notify(projects: Iterable<string>): void {
    for (const project of new Set(projects)) this.emitter.emit(project);
  }

  /** Resolves when `project` gets a push, after `ms`, or when `signal` aborts (whichever first). */
  wait(project: string, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off(project, done);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.emitter.once(project, done);
      signal?.addEventListener("abort", done, { once: true });
    });
  }
}
