import { describe, expect, it } from 'vitest';
import { CAMERA_MESSAGES, cameraMessage } from './use-scanner';

describe('a camera that does not open', () => {
  it.each([
    ['NotAllowedError', CAMERA_MESSAGES.refused],
    ['SecurityError', CAMERA_MESSAGES.refused],
    ['NotFoundError', CAMERA_MESSAGES.none],
    ['OverconstrainedError', CAMERA_MESSAGES.none],
    ['NotReadableError', CAMERA_MESSAGES.busy],
    ['TypeError', CAMERA_MESSAGES.failed],
  ])('says what to do after %s', (name, message) => {
    expect(cameraMessage(new DOMException('denied', name))).toBe(message);
  });

  it('says something for a refusal that is no error at all', () => {
    expect(cameraMessage(undefined)).toBe(CAMERA_MESSAGES.failed);
  });
});
