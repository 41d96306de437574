import { describe, expect, it } from 'vitest';
import { createHost } from './host';

describe('test-mode request log', () => {
  it('lists the requests answered, not its own, until forgotten', async () => {
    const host = createHost({ testMode: true });
    await host.get('/dashboards/fetch/1');
    await host.get('/dashboards/fetch/2');
    expect(await (await host.get('/__test/requests')).json()).toEqual({
      status: 'success',
      requests: ['GET /dashboards/fetch/1', 'GET /dashboards/fetch/2'],
    });
    await host.request('/__test/requests', { method: 'DELETE' });
    expect(await (await host.get('/__test/requests')).json()).toEqual({
      status: 'success',
      requests: [],
    });
    host.close();
  });

  it('is not there outside test mode', async () => {
    const host = createHost({ testMode: false });
    expect((await host.get('/__test/requests')).status).toBe(404);
    host.close();
  });
});
