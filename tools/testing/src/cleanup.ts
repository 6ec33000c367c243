/** Dropping a namespace lives with the stack tooling (npm run bench uses it too). */
export { dropNamespace, dropNamespacesWithPrefix } from '@bakery/devstack';
