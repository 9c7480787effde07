import { describe, expect, it } from 'vitest';
import { toastForStatus } from './errors';

describe('toastForStatus (the error catalogue of 01-core.md section 8)', () => {
  it.each([
    [400, undefined, 'Bad Request', 'Invalid input provided.'],
    [400, 'Quantity cannot be negative', 'Bad Request', 'Quantity cannot be negative'],
    [401, 'ignored', 'Unauthorized', 'You are not authorized. Please log in.'],
    [403, 'ignored', 'Forbidden', 'You do not have permission to access this resource.'],
    [404, 'ignored', 'Not Found', 'The requested resource was not found.'],
    [409, undefined, 'Conflict', 'A conflict occurred. Please try again.'],
    [409, 'Only 3 available', 'Conflict', 'Only 3 available'],
    [422, undefined, 'Unprocessable Entity', 'The server could not process the request.'],
    [500, 'secret detail', 'Server Error', 'A server error occurred. Please try again later.'],
    [503, undefined, 'Service Unavailable', 'Service is temporarily unavailable.'],
    [418, undefined, 'Error (418)', 'An unknown error occurred.'],
    [429, 'Too many attempts', 'Error (429)', 'Too many attempts'],
  ])('maps %s (server message %s) to %s / %s', (status, message, title, text) => {
    expect(toastForStatus(status, message)).toEqual({ title, message: text });
  });
});
