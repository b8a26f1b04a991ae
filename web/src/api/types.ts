// Names for generated schema types; nothing here is written by hand beyond the alias.
import type { components } from './schema';

export type Schemas = components['schemas'];

export type CurrentUser = Schemas['CurrentUser'];
export type User = Schemas['UserListItem'];
export type ErrorModel = Schemas['ErrorBody'];
