import { t } from 'elysia';
import { messages } from '@rentals/core/schemaErrors';
import { singleLineText } from '@rentals/core/textFormats';

export const rentTrendMessages = {
  city: 'City is required: text of at most 100 characters, without control characters',
  locality: 'Locality must be text of at most 100 characters, without control characters',
} as const;

/** Where to read trends for: a city, or a locality in it. */
export const RentTrendsQuery = t.Object(
  {
    city: singleLineText({
      minLength: 1,
      maxLength: 100,
      description: 'The city (any of its names as the listings spell it)',
      ...messages({
        type: rentTrendMessages.city,
        minLength: rentTrendMessages.city,
        maxLength: rentTrendMessages.city,
        format: rentTrendMessages.city,
      }),
    }),
    locality: t.Optional(
      singleLineText({
        maxLength: 100,
        description: 'A locality of the city; without it, the whole city',
        ...messages({
          type: rentTrendMessages.locality,
          maxLength: rentTrendMessages.locality,
          format: rentTrendMessages.locality,
        }),
      }),
    ),
  },
  { additionalProperties: false },
);
