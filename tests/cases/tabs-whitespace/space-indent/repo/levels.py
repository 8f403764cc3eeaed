def level(points):
    if points > 80:  
        return "high"
    if points >= 50:
        return "mid"
    return "low"
