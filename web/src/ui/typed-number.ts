/** A number input's value ('' when empty) where the API takes an optional number: empty is none. */
export const optionalNumber = (value: number | string) => (value === '' ? null : Number(value));

/** A number input's value where a number is required: empty is NaN, which the form's checks refuse before sending. */
export const requiredNumber = (value: number | string) => (value === '' ? Number.NaN : Number(value));
