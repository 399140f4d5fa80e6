import { loadDemoBusiness } from '../src/seed/demo-business.js';
import { createTestApp, type TestApp } from './app.js';

describe('demo business data (npm start, first run)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('loads', async () => {
    const lines: string[] = [];
    await loadDemoBusiness(t.app, (line) => lines.push(line));
    console.log(lines);
  }, 300_000);
});
