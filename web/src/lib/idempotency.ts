/**
 * One Idempotency-Key per user action (docs/api.md, "Idempotent creates"): the key stays the same
 * while the same request is sent again — a retry after a network failure, or the vendor pressing
 * Send again after an error — so the server creates at most one product or support case; a changed
 * request (the vendor edited the form after a failure) or a request after a success gets a new key.
 */
export class ActionKey {
  private key: string | null = null;
  private body: string | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key for sending `body`: the previous one when the body is unchanged since the last send. */
  keyFor(body: unknown): string {
    const text = JSON.stringify(body);
    if (this.key === null || this.body !== text) {
      this.key = this.newKey();
      this.body = text;
    }
    return this.key;
  }

  /** The action succeeded: the next send is a new action. */
  done(): void {
    this.key = null;
    this.body = null;
  }
}
