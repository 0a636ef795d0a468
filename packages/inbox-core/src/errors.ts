/** An HTTP answer outside 2xx. `message` follows the published clients' wording. */
export class InboxHttpError extends Error {
  readonly status: number;
  /** The server's `message` (joined when it is a list). */
  readonly serverMessage: string;

  constructor(status: number, serverMessage: string) {
    super(`HTTP error! Status: ${status}, Message: ${serverMessage}`);
    this.name = 'InboxHttpError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** A response whose body does not have the shape the protocol promises. */
export class InboxProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InboxProtocolError';
  }
}

/** A request abandoned because its session ended. */
export class InboxAbortedError extends Error {
  constructor() {
    super('The inbox session ended');
    this.name = 'InboxAbortedError';
  }
}

export const isAbort = (error: unknown): boolean =>
  error instanceof InboxAbortedError || (error instanceof Error && error.name === 'AbortError');
