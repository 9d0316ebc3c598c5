"""Optional player accounts: sign-up, sessions, the seats an account holds; imports play, bus, infra."""
