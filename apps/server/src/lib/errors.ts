/**
 * Typed errors services throw; the one error handler (plugins/envelope.ts) turns each into
 * the envelope with its HTTP status. `msg` is Chinese and shown to the user as is.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly msg: string,
    readonly data: unknown = null,
    readonly msgTitle?: string,
  ) {
    super(msg);
  }
}

export class ValidationError extends AppError {
  constructor(msg: string, data: unknown = null) {
    super(400, msg, data);
  }
}

export class UnauthorizedError extends AppError {
  constructor(msg: string) {
    super(401, msg);
  }
}

export class ForbiddenError extends AppError {
  constructor(msg: string, data: unknown = null) {
    super(403, msg, data);
  }
}

export class NotFoundError extends AppError {
  constructor(msg: string) {
    super(404, msg);
  }
}

export class ConflictError extends AppError {
  constructor(msg: string, data: unknown = null) {
    super(409, msg, data);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(msg: string) {
    super(429, msg);
  }
}

/** A service the request needs (the SMS provider) did not do its part; trying later may work. */
export class ServiceUnavailableError extends AppError {
  constructor(msg: string) {
    super(503, msg);
  }
}
