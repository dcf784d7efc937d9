/** The text fields `POST /api/messages` accepts besides `files`. */
export const MESSAGE_FIELDS = ['subject', 'message', 'id_police'] as const;
