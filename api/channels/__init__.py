"""Chat platforms: thin adapters from each platform's protocol to the conversation service."""

from __future__ import annotations

from fastapi import APIRouter

from api.channels import discord, slack


def routers() -> list[APIRouter]:
    return [discord.router, slack.router]
