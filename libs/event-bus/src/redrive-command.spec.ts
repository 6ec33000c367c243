import { describeRedrive, parseRedriveArgs } from './redrive-command';

const ID = '7d9f0c3e-2b1a-4c5d-8e6f-0123456789ab';

describe('npm run events:redrive arguments', () => {
  it('takes a service and one event id, or --all', () => {
    expect(parseRedriveArgs(['--service', 'ordering', '--id', ID])).toEqual({ service: 'ordering', request: { eventId: ID }, timeoutMs: 120_000 });
    expect(parseRedriveArgs(['--all', '--service', 'catalog', '--timeout-seconds', '5'])).toEqual({
      service: 'catalog',
      request: { all: true },
      timeoutMs: 5000,
    });
  });

  it.each([
    [[], /--service must be one of/],
    [['--service', 'billing', '--all'], /--service must be one of/],
    [['--service', 'ordering'], /either --id <eventId> or --all/],
    [['--service', 'ordering', '--id', ID, '--all'], /either --id <eventId> or --all/],
    [['--service', 'ordering', '--id', 'abc'], /must be an event id/],
    [['--service', 'ordering', '--id'], /--id needs a value/],
    [['--service', 'ordering', '--all', '--force'], /unknown argument --force/],
    [['--service', 'ordering', '--all', '--timeout-seconds', '0'], /--timeout-seconds/],
  ])('refuses %j', (argv, message) => {
    const parsed = parseRedriveArgs(argv);
    expect(parsed).toBeInstanceOf(Error);
    expect((parsed as Error).message).toMatch(message);
  });

  it('reports what happened; an id that is no dead letter, or a failure, is not ok', () => {
    const byId = { service: 'ordering' as const, request: { eventId: ID }, timeoutMs: 1000 };
    const none = { service: 'ordering', redriven: [], alreadyHandled: [], failed: [] };
    expect(describeRedrive(byId, none)).toEqual({ ok: false, text: expect.stringContaining(`no dead letter of ordering has the id ${ID}`) });
    expect(describeRedrive({ ...byId, request: { all: true } }, none).ok).toBe(true);
    expect(describeRedrive(byId, { ...none, redriven: [ID] }).ok).toBe(true);
    expect(describeRedrive(byId, { ...none, failed: [{ eventId: ID, consumer: 'ordering__product_deleted', error: 'boom' }] })).toEqual({
      ok: false,
      text: expect.stringContaining('boom'),
    });
  });
});
