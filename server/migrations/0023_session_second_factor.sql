-- Whether a session was opened with a second factor (a code, an enrolment at sign-in, or single
-- sign-on, whose provider's factors count). A session without one is refused on every request
-- while one of its user's roles requires a second factor (requiring it for a role left
-- that role's open sessions working for up to 30 days).
ALTER TABLE user_sessions ADD COLUMN second_factor boolean NOT NULL DEFAULT false;

-- Sessions already open: a user with a second factor was asked for a code at sign-in.
UPDATE user_sessions s SET second_factor = true
 WHERE EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = s.user_id);
