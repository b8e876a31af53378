import base from './astro.config.ts';
export default { ...base, outDir: '/tmp/lean-exp-dist' };
