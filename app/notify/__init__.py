"""Notifications to players who are not at the table (mail); told of changes through the move path's listeners; imports play, bus, infra."""
