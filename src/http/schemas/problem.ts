import { Type } from 'typebox';

/** RFC 9457 problem details, as every error answers. */
export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String(),
    instance: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { additionalProperties: true },
);

export const ProblemResponses = { '4XX': Problem, '5XX': Problem };
