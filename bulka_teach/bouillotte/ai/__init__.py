"""Bouillotte's computer players and coaching: the teaching rules and the rule-based bot."""
from .teaching import RULES, RULES_BY_NAME, RuleBot, TeachingRule

__all__ = ["RULES", "RULES_BY_NAME", "RuleBot", "TeachingRule"]
