import type { Plugin } from 'vite';

/**
 * antd's Input, Select and other form controls read one context of @rc-component/form's
 * (FormProvider, in its FormContext module) through the package's index, which also builds the
 * Form component: a re-export through that index counts as using it, so every screen with a text
 * box (the catalogue and the cart among them) carried the whole form library and its validator.
 * The one import is pointed at the module that defines FormProvider: the same binding, without the rest.
 */
const FROM = '@rc-component/form';
const TO = '@rc-component/form/es/FormContext';
const IMPORTER = /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;

export function formContextOnly(): Plugin {
  return {
    name: 'form-context-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== FROM || !importer || !IMPORTER.test(importer)) return null;
      return this.resolve(TO, importer, { ...options, skipSelf: true });
    },
  };
}
