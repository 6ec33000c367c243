// class-transformer keeps the @Type() metadata (what a nested field holds) in a storage it exports
// only from this deep path; its types are published beside it.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
