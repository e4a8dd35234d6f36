"""collect: find each participant's candidate names (greetings, sign-offs, class list, discovery)."""
