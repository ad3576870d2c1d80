import * as z from 'zod';
import { apiErrorBodySchema } from '../../contracts/errors';

/** Exactly the one error answer of the API (contracts/errors.ts): `{ error, message }`, plus `fields` when fields are named. */
const strictErrorBody = apiErrorBodySchema.extend({ message: z.string() }).strict();

export const isErrorBody = (body: unknown): boolean => strictErrorBody.safeParse(body).success;
