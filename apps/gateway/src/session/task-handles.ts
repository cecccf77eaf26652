import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** What a task handle names: the upstream that runs the task, and its own id for it. */
export interface TaskAddress {
  upstream: string;
  taskId: string;
}

/** The longest handle looked at: an upstream id of up to about 2 KB, sealed. */
const MAX_HANDLE_LENGTH = 4096;
const VERSION = "gwt1";

/**
 * The task ids the gateway gives its clients (docs/gateway.md §7.7): the upstream's name and
 * its own task id, sealed by an HMAC under a key of this gateway process and bound to the
 * caller's subject. A handle from another process or another subject, or changed in any byte,
 * opens to nothing. Handles do not expire here: the upstream keeps a task as long as its
 * `ttlMs` says, and answers for it.
 */
export class TaskHandles {
  private readonly key = randomBytes(32);

  /**
   * @param address - where the task runs
   * @param subject - the caller's subject
   * @returns the handle the client is given as the task's id
   */
  seal(address: TaskAddress, subject: string): string {
    const body = Buffer.from(JSON.stringify([address.upstream, address.taskId])).toString(
      "base64url",
    );
    return `${VERSION}.${body}.${this.mac(body, subject).toString("base64url")}`;
  }

  /**
   * @param handle - a task id a client sent
   * @param subject - the caller's subject
   * @returns where the task runs, or `undefined` for a handle this process did not give this
   *   subject
   */
  open(handle: unknown, subject: string): TaskAddress | undefined {
    if (typeof handle !== "string" || handle.length > MAX_HANDLE_LENGTH) return undefined;
    const [version, body, mac, ...rest] = handle.split(".");
    if (version !== VERSION || body === undefined || mac === undefined || rest.length > 0) {
      return undefined;
    }
    // Compared as text: two spellings of one MAC in base64url must not both open.
    const given = Buffer.from(mac);
    const expected = Buffer.from(this.mac(body, subject).toString("base64url"));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const [upstream, taskId] = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as [
      string,
      string,
    ];
    return { upstream, taskId };
  }

  private mac(body: string, subject: string): Buffer {
    return createHmac("sha256", this.key).update(`task\u0000${subject}\u0000${body}`).digest();
  }
}
