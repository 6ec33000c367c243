import path from 'node:path';
import { formContextOnly } from './form-context-only';

const ANTD_ES = path.join(__dirname, '../../node_modules/antd/es');

/** Calls the plugin's resolveId with a `this.resolve` that answers what it was asked for. */
async function resolve(source: string, importer: string): Promise<unknown> {
  const context = { resolve: (asked: string) => Promise.resolve({ id: `resolved ${asked}` }) };
  const hook = formContextOnly().resolveId as (this: typeof context, s: string, i: string, o: object) => Promise<unknown>;
  return hook.call(context, source, importer, {});
}

describe('formContextOnly (a Vite plugin)', () => {
  it('points antd’s form context at the module of @rc-component/form that defines FormProvider', async () => {
    expect(await resolve('@rc-component/form', path.join(ANTD_ES, 'form/context.js'))).toEqual({ id: 'resolved @rc-component/form/es/FormContext' });
  });

  it('leaves every other import alone: antd’s Form itself still gets the whole package', async () => {
    expect(await resolve('@rc-component/form', path.join(ANTD_ES, 'form/Form.js'))).toBeNull();
    expect(await resolve('@rc-component/util', path.join(ANTD_ES, 'form/context.js'))).toBeNull();
  });

  it('points at the same binding the package exports (an upgrade that moved it fails here)', () => {
    // the CommonJS twins of the ES modules the build reads
    const whole = require('@rc-component/form') as { FormProvider: unknown };
    const own = require('@rc-component/form/lib/FormContext') as { FormProvider: unknown };
    expect(own.FormProvider).toBeDefined();
    expect(own.FormProvider).toBe(whole.FormProvider);
  });
});
