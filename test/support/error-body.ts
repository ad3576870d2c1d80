import * as z from 'zod/mini';
import { apiErrorBodySchema } from '../../contracts/errors';

/** Exactly the one error answer of the API (contracts/errors.ts): `{ error, message }`, plus `fields` when fields are named. */
const strictErrorBody = z.strictObject({ ...apiErrorBodySchema.shape, message: z.string() });

export const isErrorBody = (body: unknown): boolean => strictErrorBody.safeParse(body).success;
