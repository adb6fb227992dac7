/** The queue's store did not answer in time (e.g. Redis is down); nothing may have been stored. */
export class QueueUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueueUnavailableError';
  }
}
