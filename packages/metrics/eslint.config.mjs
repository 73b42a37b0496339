export { default } from '@exchange/tooling/eslint';
