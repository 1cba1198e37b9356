import { MagicString } from 'magic-string';
import type { Plugin } from 'vite';

/** React Router's own modules, whichever of its builds the resolver picked. */
const ROUTER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/]chunk-[^\\/]+\.mjs$/;
const COMPONENT = /= (React\d*)\.forwardRef\(/g;
const DISPLAY_NAME = /^\w+\.displayName = "\w+";$/gm;
const DEV_WARNINGS = /^var ENABLE_DEV_WARNINGS = true;$/m;

/**
 * React Router for a production bundle. Its package hands every bundler its development build,
 * and defines each component at the top of one module (`var Form = React.forwardRef(...)`, then
 * `Form.displayName = "Form"`). A bundler keeps a call and a property write it cannot prove
 * harmless, so every component came into the first load whether the site renders it or not:
 * Form, NavLink and the data router's helpers behind them. Marking those calls pure and dropping
 * the names (they only label components in React's developer tools) lets the unused ones go;
 * the development warnings go as in the package's own production build.
 */
export function leanRouterPlugin(): Plugin {
  return {
    name: 'rnai-lean-router',
    apply: 'build',
    transform(code, id) {
      if (!ROUTER_MODULE.test(id)) return null;
      const lean = new MagicString(code);
      for (const match of code.matchAll(COMPONENT)) lean.appendLeft(match.index + 2, '/* @__PURE__ */ ');
      for (const match of code.matchAll(DISPLAY_NAME)) lean.remove(match.index, match.index + match[0].length);
      const warnings = DEV_WARNINGS.exec(code);
      if (warnings !== null) lean.overwrite(warnings.index, warnings.index + warnings[0].length, 'var ENABLE_DEV_WARNINGS = false;');
      return { code: lean.toString(), map: lean.generateMap({ hires: true, source: id }) };
    },
  };
}
