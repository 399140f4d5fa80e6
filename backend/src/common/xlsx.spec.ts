import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { readableOrNull } from './xlsx.js';

describe('readableOrNull', () => {
  it("answers the reader's result, or null with the reader's reason in the log", async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      await expect(readableOrNull(Promise.resolve({ rows: 3 }), 'cost import')).resolves.toEqual({ rows: 3 });
      expect(warn).not.toHaveBeenCalled();
      await expect(readableOrNull(Promise.reject(new Error('End of data reached (data length = 0, asked index = 4)')), 'cost import')).resolves.toBeNull();
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^cost import: .*End of data reached/));
    } finally {
      warn.mockRestore();
    }
  });
});
