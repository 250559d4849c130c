/** Stars of a feedback; a question has none. */
export const ratingText = (rating: number | null) => (rating === null ? 'без оценки' : '★'.repeat(rating) + '☆'.repeat(5 - rating));
