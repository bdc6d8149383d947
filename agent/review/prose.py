"""Whether a model's prose fits the verdict it comes with, and is in the language asked for.

Small models paraphrase a category's definition, or describe another one (a gpu-oom analysis
about an illegal memory access, SIGABRT called an out-of-memory signal). Their prose is used
only when it names the culprit and speaks of the verdict's category in its own terms - or
quotes the decisive line. The check is on words, cheap and conservative: it cannot tell good
prose from bad, only prose about this verdict from prose about something else.

The language check is as cheap: prose asked for in Chinese, Japanese or Korean must be
written mostly in that script (quoted lines and identifiers aside).
"""

from __future__ import annotations

import re
from functools import lru_cache

from agent.review.budget import flat

# The words each category is spoken of in (English and Chinese): what prose about it says.
TERMS = {
    "unschedulable": r"schedul|no node|insufficient|taint|affinit|selector|pending|调度|节点|资源不足",
    "quota-exceeded": r"quota|limitrange|admission|queue|配额|队列",
    "volume-error": r"volume|claim|pvc|mount|attach|persistentvolume|卷|挂载|存储",
    "image-pull-error": r"image|pull|registry|manifest|tag|镜像|拉取",
    "config-error": r"config|configmap|secret|command|entrypoint|argument|option|not found|exit code 12[67]|"
    r"配置|命令|参数",
    "oom-killed": r"oom|out of memory|memory limit|exit code 137|killed|内存",
    "gpu-oom": r"out of memory|\boom\b|outofmemory|resource.?exhausted|显存|内存不足|メモリ|메모리",
    "shm-exhausted": r"shm|shared memory|/dev/shm|bus error|共享内存",
    "disk-full": r"disk|space|storage|ephemeral|no space|磁盘|空间",
    "dependency-error": r"module|import|package|librar|version|install|symbol|依赖|模块|版本|安装",
    "missing-file": r"file|not found|no such|missing|path|checkpoint|dataset|文件|路径|不存在|缺失",
    "network-error": r"network|connect|dns|resolve|http|timeout|timed out|unreachable|refused|网络|连接|超时",
    "nccl-error": r"nccl|gloo|hccl|communicat|collective|infiniband|socket|通信|集合",
    "rendezvous-error": r"rendezvous|c10d|store|master addr|master_addr|meet|join|rank|会合|节点发现",
    "nan-loss": r"\bnan\b|\binf\b|diverge|loss|gradient|梯度|损失|发散",
    "cuda-error": r"cuda|driver|device|gpu|illegal memory|assert|nvidia|驱动|设备",
    "gpu-hardware-error": r"\bxid\b|ecc|hardware|fell off|gpu|faulty|硬件|故障",
    "crash-signal": r"segmentation|segfault|sigsegv|sigabrt|abort|signal|core dump|crash|illegal instruction|"
    r"floating point|段错误|信号|崩溃",
    "evicted": r"evict|pressure|node|驱逐|节点",
    "preempted": r"preempt|drain|priority|node|reclaim|spot|shut ?down|抢占|节点",
    "killed-externally": r"sigterm|sigkill|terminat|killed|kill|cancel|liveness|probe|exit code 1[34]3|终止|杀",
    "deadline-exceeded": r"deadline|time limit|activedeadline|timeout|超时|期限",
    "stalled": r"stall|hang|hung|silent|no progress|no output|stuck|quiet|restart|卡住|停滞|无进展|挂起",
    "permission-denied": r"permission|denied|forbidden|read-only|readonly|not writable|access|权限|拒绝|只读",
    "application-error": r"error|exception|traceback|raise|bug|code|assert|错误|异常|代码",
    "unknown": r".",
    "healthy": r".",
}
# Scripts of the languages whose prose a script check can tell apart cheaply.
SCRIPTS = {
    "zh": r"[\u4e00-\u9fff]",
    "ja": r"[\u3040-\u30ff]",
    "ko": r"[\uac00-\ud7af]",
}
# Prose counts as written in the asked script when at least this share of its words are.
MIN_SCRIPT_SHARE = 0.3
_QUOTED = re.compile(r"```.*?```|`[^`\n]*`|\"[^\"\n]{8,}\"|'[^'\n]{8,}'", re.DOTALL)
_ASCII_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*")


@lru_cache(maxsize=64)
def _terms(category: str) -> re.Pattern[str]:
    return re.compile(TERMS.get(category, re.escape(category.replace("-", " "))), re.IGNORECASE)


def consistent(prose: str, *, category: str, culprit: str | None, decisive: list[str]) -> str | None:
    """None when ``prose`` fits the verdict; else, in words, what it misses."""
    if any(len(flat(d)) >= 20 and flat(d)[:120] in flat(prose) for d in decisive):
        return None  # it quotes the decisive line: it is about this failure
    missing = []
    if culprit and culprit not in prose:
        missing.append(f"does not name the culprit {culprit}")
    if not _terms(category).search(prose):
        missing.append(f"does not speak of {category}")
    return " and ".join(missing) or None


def language_code(language: str) -> str:
    """``zh-CN`` -> ``zh``; ``Chinese`` -> ``zh``; codes without a script check pass through."""
    code = language.strip().lower()
    names = {
        "chinese": "zh",
        "简体中文": "zh",
        "中文": "zh",
        "japanese": "ja",
        "日本語": "ja",
        "korean": "ko",
        "한국어": "ko",
    }
    return names.get(code, code.split("-")[0].split("_")[0])


def wrong_language(prose: str, language: str) -> str | None:
    """For zh, ja and ko: None when the prose is written in that script, else what it was
    written in, in words. Other languages are not checked."""
    code = language_code(language)
    script = SCRIPTS.get(code)
    if script is None or not prose.strip():
        return None
    text = _QUOTED.sub(" ", prose)
    native = len(re.findall(script, text))
    if code == "ja":  # kana mark Japanese; kanji alone could be Chinese
        native += len(re.findall(SCRIPTS["zh"], text)) if native else 0
    words = len(_ASCII_WORD.findall(text))
    if native and native / (native + words) >= MIN_SCRIPT_SHARE:
        return None
    return "English" if words and not native else "mostly another language"
